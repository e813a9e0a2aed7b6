import { useId, useRef } from 'react';

export interface Tab {
  id: string;
  label: React.ReactNode;
  panel: React.ReactNode;
}

/**
 * Sections of one page switched by tabs (the ARIA tabs pattern): one tab in the Tab order, arrow keys (Home, End)
 * move between tabs and show theirs, each panel named by its tab. Only the chosen panel is drawn.
 */
export function Tabs(props: { label: string; tabs: Tab[]; selected: string; onSelect: (id: string) => void }) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const index = Math.max(
    0,
    props.tabs.findIndex((tab) => tab.id === props.selected),
  );
  const current = props.tabs[index];
  const go = (to: number) => {
    const count = props.tabs.length;
    const next = props.tabs[(to + count) % count];
    if (!next) return;
    props.onSelect(next.id);
    document.getElementById(`${base}-tab-${next.id}`)?.focus();
  };
  return (
    <div className="tabs-widget">
      <div
        ref={list}
        role="tablist"
        aria-label={props.label}
        className="tab-list"
        onKeyDown={(event) => {
          const moves: Record<string, number> = {
            ArrowRight: index + 1,
            ArrowLeft: index - 1,
            Home: 0,
            End: props.tabs.length - 1,
          };
          const to = moves[event.key];
          if (to === undefined) return;
          event.preventDefault();
          go(to);
        }}
      >
        {props.tabs.map((tab, position) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-selected={position === index}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={position === index ? 0 : -1}
            onClick={() => props.onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {current && (
        <div
          role="tabpanel"
          id={`${base}-panel-${current.id}`}
          aria-labelledby={`${base}-tab-${current.id}`}
          tabIndex={0}
          className="tab-panel"
        >
          {current.panel}
        </div>
      )}
    </div>
  );
}
