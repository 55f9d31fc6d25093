import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import styles from './menu.module.css';

/** One entry of a {@link Menu}. */
export interface MenuItem {
  id: string;
  label: string;
  icon?: ReactNode;
  disabled?: boolean;
  onSelect: () => void;
}

/** Props of {@link Menu}. */
export interface MenuProps {
  /** The element that opens the menu; must be a button-like element that forwards its ref. */
  trigger: ReactNode;
  items: readonly MenuItem[];
}

/** A dropdown menu (Radix), named by its trigger: arrow keys move, Enter selects, Escape closes and focus returns to the trigger. */
export function Menu({ trigger, items }: MenuProps) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} sideOffset={6} align="end">
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.id}
              className={styles.item}
              disabled={item.disabled}
              onSelect={() => item.onSelect()}
            >
              {item.icon}
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
