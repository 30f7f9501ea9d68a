import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './plain-controls.css';

export interface PlainTab {
  key: string;
  label: ReactNode;
  /** drawn only while its tab is chosen (antd's `destroyOnHidden`), unless `keepMounted` */
  content: ReactNode;
}

/**
 * Tabs drawn like antd's (a line under the chosen one), for the pages drawn without antd: the
 * WAI-ARIA tabs pattern, the arrow keys, Home and End moving between tabs and choosing them.
 */
export function PlainTabs({
  tabs,
  active,
  onChange,
  keepMounted = false,
}: {
  tabs: PlainTab[];
  active: string;
  onChange(key: string): void;
  /** a tab once opened stays drawn, hidden, while another is chosen (what is typed in it stays) */
  keepMounted?: boolean;
}) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const chosen = tabs.find((tab) => tab.key === active) ?? tabs[0];
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set());
  if (keepMounted && chosen && !visited.has(chosen.key)) setVisited(new Set([...visited, chosen.key]));
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((tab) => tab.key === chosen?.key);
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    if (to < 0) return;
    event.preventDefault();
    onChange(tabs[to]!.key);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[to]?.focus();
  };
  return (
    <div className="plain-tabs">
      <div role="tablist" className="plain-tabs-list" ref={list} onKeyDown={move}>
        {tabs.map((tab) => {
          const selected = tab.key === chosen?.key;
          return (
            <button
              key={tab.key}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.key}`}
              aria-selected={selected}
              // the panels drawn: the chosen one, and those kept mounted
              aria-controls={tab === chosen || visited.has(tab.key) ? `${id}-panel-${tab.key}` : undefined}
              tabIndex={selected ? 0 : -1}
              className="plain-tab"
              onClick={() => onChange(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs
        .filter((tab) => tab === chosen || (keepMounted && visited.has(tab.key)))
        .map((tab) => (
          <div
            key={tab.key}
            role="tabpanel"
            id={`${id}-panel-${tab.key}`}
            aria-labelledby={`${id}-tab-${tab.key}`}
            className="plain-tabs-panel"
            // focusable from a script, not a stop of Tab: what was focused in it may go (a post deleted)
            tabIndex={-1}
            hidden={tab !== chosen}
          >
            {tab.content}
          </div>
        ))}
    </div>
  );
}
