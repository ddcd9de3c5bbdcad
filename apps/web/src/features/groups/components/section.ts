/** The group profile's panels and their titles. */
export const sectionClass =
  "scroll-mt-24 rounded-3xl bg-surface p-5 shadow-sm ring-1 ring-border sm:p-8";
export const sectionTitleClass = "text-lg font-bold tracking-tight text-fg sm:text-xl";
