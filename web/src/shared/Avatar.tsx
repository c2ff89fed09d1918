import './avatar.css';

/** The spec's placeholder colour, when the person chose none. */
export const DEFAULT_AVATAR_COLOUR = '#c4c4c4';

interface AvatarProps {
  firstName: string;
  lastName: string;
  /** Used for the initial when there is no name. */
  email?: string;
  colour?: string | null;
  /** The uploaded picture (a small square), or null: the initials on the colour. */
  url?: string | null;
  size?: 'tiny' | 'small' | 'large';
}

/** A person's picture, else the spec's placeholder: their initials on their colour (#c4c4c4 unless they chose one). */
export function Avatar({ firstName, lastName, email = '', colour, url, size = 'small' }: AvatarProps) {
  const className = `avatar avatar-${size}`;
  if (url) return <img className={className} src={url} alt="" />;
  const initials =
    `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || email.charAt(0).toUpperCase();
  return (
    <span
      className={className}
      style={{ backgroundColor: colour || DEFAULT_AVATAR_COLOUR }}
      aria-hidden="true"
    >
      {initials}
    </span>
  );
}
