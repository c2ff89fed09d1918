import { Button, type ButtonProps } from '@mui/material';
import { Link } from 'react-router';

type TextButtonProps = Omit<ButtonProps, 'children'> & {
  /** What the button says, at every width. */
  label: string;
  /** A link to this path (under the router), rather than an action. */
  to?: string;
  /** Router state the link hands to the page it opens. */
  state?: unknown;
};

/**
 * A console button that always shows its label. react-admin's own Button turns into an icon-only button on a
 * phone, which for a button without an icon (every row action here) is an empty 24 px square.
 */
export function TextButton({ label, to, state, size = 'small', ...rest }: TextButtonProps) {
  if (to !== undefined) {
    return (
      <Button component={Link} to={to} state={state} size={size} {...rest}>
        {label}
      </Button>
    );
  }
  return (
    <Button size={size} {...rest}>
      {label}
    </Button>
  );
}
