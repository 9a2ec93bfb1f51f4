/**
 * The look of a menu and its items, shared by the kit's dropdown menu and the account menu the
 * server renders on the landing page (which works without React, see static-page/enhance.ts).
 */
export const menuContentClassName =
  'z-50 min-w-44 overflow-y-auto rounded-lg border border-border bg-popover p-1 text-popover-foreground shadow-md';

export const menuItemClassName =
  'relative flex cursor-default select-none items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none transition-colors focus:bg-accent focus:text-accent-foreground data-disabled:pointer-events-none data-disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground';

export const destructiveMenuItemClassName =
  'text-destructive focus:text-destructive [&_svg]:text-destructive';

export const menuLabelClassName = 'px-2 py-1.5 font-semibold text-sm';

export const menuSeparatorClassName = '-mx-1 my-1 h-px bg-border';
