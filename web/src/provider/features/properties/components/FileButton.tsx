import { useRef } from 'react';

interface FileButtonProps {
  label: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles(files: File[]): void;
}

/** A button that opens the file chooser: the input itself, unseen, inside its label (keyboard and screen readers). */
export function FileButton({ label, accept, multiple = false, disabled = false, onFiles }: FileButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <label className={`button button-primary file-button${disabled ? ' file-button-disabled' : ''}`}>
      <input
        ref={input}
        type="file"
        className="visually-hidden"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // The same file chosen again is a new choice.
          if (input.current) input.current.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      {label}
    </label>
  );
}
