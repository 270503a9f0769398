/**
 * The string fields of a JSON object, from text that may be anything (a stored value, data
 * kept by an older version): fields of another type are left out, and text that is not a
 * JSON object gives an empty record.
 */
export function stringRecordOf(text: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}
