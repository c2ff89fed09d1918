import type { ComponentProps, CSSProperties } from 'react';
import { isColour } from './colour';
import { TextField } from './TextField';

/** A colour typed as text, shown in a block at the input's start once it reads as one (theme.css `.colour-field`). */
export function ColourTextField(props: ComponentProps<typeof TextField> & { value: string }) {
  const typed = props.value.trim();
  return (
    <div
      className="colour-field"
      style={{ '--swatch': isColour(typed) ? typed : undefined } as CSSProperties}
    >
      <TextField autoCapitalize="none" spellCheck={false} autoComplete="off" {...props} />
    </div>
  );
}
