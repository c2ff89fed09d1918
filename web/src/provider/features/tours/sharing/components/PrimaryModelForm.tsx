import { useState } from 'react';
import { useForm } from '../../../../../shared/forms/useForm';
import { TextField } from '../../../../../shared/TextField';
import { WebsitePart } from '../../../properties/components/WebsitePart';
import type { PlayerLink } from '../api';
import { useUpdatePrimaryModelMutation } from '../queries';

/** The scan the player shows: the property's own model, or another (a bare model id or a Matterport link). */
export function PrimaryModelForm({ link }: { link: PlayerLink }) {
  const save = useUpdatePrimaryModelMutation();
  const [notice, setNotice] = useState('');
  const form = useForm({
    initial: () => ({ modelSource: link.modelSource ?? '' }),
    fields: { modelSource: 'playerLink.modelSource' },
    submit: ({ modelSource }) => {
      setNotice('');
      return save.run(link.id, modelSource.trim() || null);
    },
    onSuccess: (saved) => {
      form.setValues({ modelSource: saved.modelSource ?? '' });
      setNotice(
        saved.modelSource
          ? `The player shows the model ${saved.matterportKey} now.`
          : 'The player shows the property’s own model.',
      );
    },
  });

  return (
    <WebsitePart
      title="Primary model"
      hint={`The scan the player shows: now ${link.matterportKey}${link.modelSource ? '' : ' (the property’s own)'}.`}
      alert={form.errors.alert}
      alertRef={form.alertRef}
      notice={notice}
      onSubmit={form.handleSubmit}
      submit={{ label: form.isPending ? 'Saving…' : 'Save model', disabled: form.isPending }}
    >
      <TextField
        {...form.field('modelSource')}
        label="Scan key"
        hint="A Matterport model id or link; empty: the property’s own model."
        autoCapitalize="none"
        spellCheck={false}
        disabled={form.isPending}
      />
    </WebsitePart>
  );
}
