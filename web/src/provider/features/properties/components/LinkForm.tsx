import { useId, useRef, useState, type FormEvent } from 'react';
import type { Outcome } from '../../../../shared/useMutationAction';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formErrors, useFocusOnFailure } from '../../../../shared/formErrors';
import { TextField } from '../../../../shared/TextField';
import type { NewLink } from '../api';

interface LinkFormProps<Item> {
  /** 'video link', 'link': names the form ('Add a video link'), its button and its address field. */
  noun: string;
  hint: string;
  /** The server's name for the link's object, as the client reads it: 'propertyVideo', 'mediaLinks.0'. */
  serverName: string;
  /** Adds the link ({ run, isPending, error } of its hook, bound to the property). */
  action: { run(link: NewLink): Promise<Outcome<Item>>; isPending: boolean; error: unknown };
  /** Called with the link added; the fields are emptied then. */
  onAdded(item: Item): void;
}

/**
 * A link and its optional title (a video hosted elsewhere, a media link): the server checks the address, and its
 * refusal ('Invalid URL', a link to Tourly itself) shows under the field, which then takes the focus.
 */
export function LinkForm<Item>({ noun, hint, serverName, action, onAdded }: LinkFormProps<Item>) {
  const headingId = useId();
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const urlRef = useRef<HTMLInputElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const errors = formErrors(action.error, { url: `${serverName}.url`, title: `${serverName}.title` });
  useFocusOnFailure(
    action.error,
    errors,
    [
      ['url', urlRef],
      ['title', titleRef],
    ],
    alertRef,
  );

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = await action.run({ url, title: name.trim() || undefined });
    if (!outcome.ok) return;
    onAdded(outcome.value);
    setUrl('');
    setName('');
  }

  return (
    <form className="link-form" aria-labelledby={headingId} noValidate onSubmit={handleSubmit}>
      <h3 id={headingId} className="visually-hidden">
        Add a {noun}
      </h3>
      <div ref={alertRef} tabIndex={-1}>
        <ErrorDisplay error={errors.alert} />
      </div>
      <TextField
        ref={urlRef}
        label={noun[0].toUpperCase() + noun.slice(1)}
        hint={hint}
        type="url"
        inputMode="url"
        autoComplete="off"
        requiredMark
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        messages={errors.fields.url}
      />
      <TextField
        ref={titleRef}
        label="Title"
        maxLength={200}
        value={name}
        onChange={(event) => setName(event.target.value)}
        messages={errors.fields.title}
      />
      <div className="actions">
        <button type="submit" className="button button-secondary" disabled={action.isPending}>
          {action.isPending ? 'Adding…' : `Add ${noun}`}
        </button>
      </div>
    </form>
  );
}
