import { useId } from 'react';
import type { Outcome } from '../../../../shared/useMutationAction';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { useForm } from '../../../../shared/forms/useForm';
import { TextField } from '../../../../shared/TextField';
import type { NewLink } from '../api';

interface LinkFormProps<Item> {
  /** 'video link', 'link': names the form ('Add a video link'), its button and its address field. */
  noun: string;
  hint: string;
  /** The server's name for the link's object, as the client reads it: 'propertyVideo', 'mediaLinks.0'. */
  serverName: string;
  /** Adds the link (its mutation's `run`, bound to the property). */
  add(link: NewLink): Promise<Outcome<Item>>;
  /** Called with the link added; the fields are emptied then. */
  onAdded(item: Item): void;
}

/**
 * A link and its optional title (a video hosted elsewhere, a media link): the server checks the address, and its
 * refusal ('Invalid URL', a link to Tourly itself) shows under the field, which then takes the focus.
 */
export function LinkForm<Item>({ noun, hint, serverName, add, onAdded }: LinkFormProps<Item>) {
  const headingId = useId();
  const form = useForm({
    initial: { url: '', title: '' },
    fields: { url: `${serverName}.url`, title: `${serverName}.title` },
    submit: ({ url, title }) => add({ url, title: title.trim() || undefined }),
    onSuccess: (item) => {
      onAdded(item);
      form.setValues({ url: '', title: '' });
    },
  });

  return (
    <form className="link-form" aria-labelledby={headingId} noValidate onSubmit={form.handleSubmit}>
      <h3 id={headingId} className="visually-hidden">
        Add a {noun}
      </h3>
      <div ref={form.alertRef} tabIndex={-1}>
        <ErrorDisplay error={form.errors.alert} />
      </div>
      <TextField
        {...form.field('url')}
        label={noun[0].toUpperCase() + noun.slice(1)}
        hint={hint}
        type="url"
        inputMode="url"
        autoComplete="off"
        requiredMark
      />
      <TextField {...form.field('title')} label="Title" maxLength={200} />
      <div className="actions">
        <button type="submit" className="button button-secondary" disabled={form.isPending}>
          {form.isPending ? 'Adding…' : `Add ${noun}`}
        </button>
      </div>
    </form>
  );
}
