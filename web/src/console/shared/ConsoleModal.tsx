import type { ReactNode } from 'react';
import { Dialog, useMediaQuery, useTheme, type Breakpoint } from '@mui/material';

/** The generic modal's sizes (002 §2). */
export type ModalSize = 'default' | 'extraSmall' | 'small' | 'medium' | 'large' | 'extraLarge' | 'fullScreen';

const WIDTHS: Record<Exclude<ModalSize, 'fullScreen'>, Breakpoint> = {
  extraSmall: 'xs',
  small: 'sm',
  default: 'sm',
  medium: 'md',
  large: 'lg',
  extraLarge: 'xl',
};

interface ConsoleModalProps {
  size?: ModalSize;
  /** The id of the element that names the modal (its title). */
  labelledBy: string;
  onClose(): void;
  children: ReactNode;
}

/**
 * The console's modal: as wide as its size says at most, the whole screen for `fullScreen`, and on a phone the whole
 * screen for anything wider than small (a form squeezed into a phone's width reads worse than a page of its own).
 */
export function ConsoleModal({ size = 'default', labelledBy, onClose, children }: ConsoleModalProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const fullScreen = size === 'fullScreen' || (phone && !['extraSmall', 'small', 'default'].includes(size));
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={labelledBy}
      fullWidth
      fullScreen={fullScreen}
      maxWidth={size === 'fullScreen' ? false : WIDTHS[size]}
    >
      {children}
    </Dialog>
  );
}
