import type { ReactNode } from 'react';
import { useShowAll } from './ShowAll';

interface LinkListProps<Item> {
  label: string;
  items: Item[];
  busy: boolean;
  /** Where the item opens (null: nowhere yet), what it is called, and a line about it. */
  describe(item: Item): { href: string | null; name: string; detail: string };
  deleteButton(item: Item): ReactNode;
}

/** Rows of media opened by a link (videos, media links), each with its delete button; a long list is kept short. */
export function LinkList<Item extends { id: string }>({
  label,
  items,
  busy,
  describe,
  deleteButton,
}: LinkListProps<Item>) {
  const { visible, toggle } = useShowAll(items, label.toLowerCase());
  return (
    <>
      <ul className="document-list" aria-label={label} aria-busy={busy || undefined}>
        {visible.map((item) => {
          const { href, name, detail } = describe(item);
          return (
            <li key={item.id} className="document-row">
              <span className="document-name">
                {href ? (
                  <a href={href} target="_blank" rel="noreferrer">
                    {name}
                  </a>
                ) : (
                  name
                )}
                <span className="muted">{detail}</span>
              </span>
              {deleteButton(item)}
            </li>
          );
        })}
      </ul>
      {toggle}
    </>
  );
}
