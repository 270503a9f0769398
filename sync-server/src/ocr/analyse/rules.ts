import type { AnalysisType } from '@shared/chat';
import { analyseBusinessCard } from './businessCard';
import { analyseDocument, analyseGeneral } from './document';
import { analyseReceipt } from './receipt';
import { analyseSocialMedia } from './socialMedia';
import type { Analyser, AnalysisResult } from './types';

const BY_TYPE: Record<AnalysisType, (text: string) => AnalysisResult> = {
  general: analyseGeneral,
  receipt: analyseReceipt,
  'business-card': analyseBusinessCard,
  document: analyseDocument,
  'social-media': analyseSocialMedia,
};

/** The built-in analysis: regular expressions and word lists, no model, no network. */
export function analyseWithRules(text: string, type: AnalysisType): AnalysisResult {
  return BY_TYPE[type](text);
}

export function rulesAnalyser(): Analyser {
  return {
    name: 'rules',
    analyse: ({ text, type }) => Promise.resolve(analyseWithRules(text, type)),
  };
}
