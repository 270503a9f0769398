import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';

/** Accessible tabs (Radix): arrow keys move between tabs, each panel is named by its tab. */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List className={join('tabs__list', className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return <TabsPrimitive.Trigger className={join('tabs__trigger', className)} {...props} />;
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={join('tabs__content', className)} {...props} />;
}

function join(base: string, extra: string | undefined): string {
  return extra ? `${base} ${extra}` : base;
}
