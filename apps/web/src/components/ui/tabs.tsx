import { tabsClass } from "@eitheror/shared/shell/member-classes";
import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import { cn } from "@/lib/cn";

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

/**
 * Tabs the WAI-ARIA way: one tab stop, arrows (and Home, End) move between them,
 * and only the chosen panel is on the page, so each loads what it shows when opened.
 */
export function Tabs<K extends string>({
  label,
  items,
  value,
  onChange,
  children,
}: {
  label: string;
  items: readonly TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  /** The chosen tab's panel. */
  children: ReactNode;
}) {
  const baseId = useId();
  const { refs, onKeyDown } = useArrowKeys(items, value, onChange);
  const tabId = (key: K) => `${baseId}-tab-${key}`;

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={tabsClass.list}
      >
        {items.map((item) => (
          <Tab
            key={item.key}
            buttonRef={(node) => {
              if (node) refs.current.set(item.key, node);
              else refs.current.delete(item.key);
            }}
            id={tabId(item.key)}
            panelId={`${baseId}-panel`}
            label={item.label}
            selected={item.key === value}
            onSelect={() => onChange(item.key)}
          />
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={tabId(value)}
        className={tabsClass.panel}
      >
        {children}
      </div>
    </div>
  );
}

/** Arrows (wrapping), Home and End choose a tab and move the focus to it. */
function useArrowKeys<K extends string>(
  items: readonly TabItem<K>[],
  value: K,
  onChange: (key: K) => void,
) {
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const index = items.findIndex((item) => item.key === value);
    const next = {
      ArrowRight: (index + 1) % items.length,
      ArrowLeft: (index - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const key = items[next]?.key;
    if (key === undefined) return;
    onChange(key);
    refs.current.get(key)?.focus();
  };
  return { refs, onKeyDown };
}

/** One tab: the only tab stop when chosen. */
function Tab({
  buttonRef,
  id,
  panelId,
  label,
  selected,
  onSelect,
}: {
  buttonRef: (node: HTMLButtonElement | null) => void;
  id: string;
  panelId: string;
  label: string;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      role="tab"
      id={id}
      aria-selected={selected}
      aria-controls={panelId}
      tabIndex={selected ? 0 : -1}
      onClick={onSelect}
      className={cn(tabsClass.tab, selected ? tabsClass.chosen : tabsClass.idle)}
    >
      {label}
    </button>
  );
}
