import { TOUR_LIMITS } from '@tourly/contracts';
import { useState } from 'react';
import { useForm } from '../../../../../shared/forms/useForm';
import { TextField } from '../../../../../shared/TextField';
import { WebsitePart } from '../../../properties/components/WebsitePart';
import type { PlayerLink } from '../api';
import { useUpdateLeadGateMutation } from '../queries';

const { leadGateSweepsMin: MIN, leadGateSweepsMax: MAX } = TOUR_LIMITS;
/** The server's words for a count outside the range, said before sending what is not a whole number at all. */
const OUT_OF_RANGE = `must be between ${MIN} and ${MAX}`;
/** Where the number starts when the provider first turns the gate on. */
const SUGGESTED_SWEEPS = 5;

interface Values {
  on: boolean;
  sweeps: string;
}

const valuesOf = (link: PlayerLink): Values => ({
  on: link.leadGateSweeps !== null,
  sweeps: String(link.leadGateSweeps ?? SUGGESTED_SWEEPS),
});

const positions = (count: number) => (count === 1 ? '1 position' : `${count} positions`);

/** What visitors meet, in the provider's terms, with the number as it stands. */
function helpText(sweeps: string): string {
  const count = /^\d+$/.test(sweeps.trim()) ? Number(sweeps) : null;
  const first = count === 1 ? 'position' : `${count ?? 'few'} positions`;
  return (
    `Visitors can look around the first ${first} (sweeps) of the tour, then must send the contact form to see ` +
    'the rest. Visitors who send their details can continue.'
  );
}

/**
 * The lead gate (issue 33): visitors see the first positions of the tour, then the contact form asks for their
 * details before the rest. Saved on its own; the server refuses it for a tour without an agent, saying so.
 */
export function LeadGateForm({ link }: { link: PlayerLink }) {
  const save = useUpdateLeadGateMutation();
  const [notice, setNotice] = useState('');
  const form = useForm({
    initial: () => valuesOf(link),
    fields: { sweeps: 'playerLink.leadGateSweeps' },
    submit: (values) => {
      setNotice('');
      const sweeps = values.sweeps.trim();
      if (values.on && !/^\d+$/.test(sweeps)) {
        form.refuse('sweeps', OUT_OF_RANGE);
        return Promise.resolve(undefined);
      }
      return save.run(link.id, values.on ? Number(sweeps) : null);
    },
    onSuccess: (saved) => {
      form.setValues(valuesOf(saved));
      setNotice(
        saved.leadGateSweeps === null
          ? 'Saved: visitors see the whole tour without sending their details.'
          : `Saved: visitors are asked for their contact details after ${positions(saved.leadGateSweeps)}.`,
      );
    },
  });
  const { values, set, errors } = form;

  return (
    <WebsitePart
      title="Contact details before the whole tour"
      alert={errors.alert}
      alertRef={form.alertRef}
      notice={notice}
      onSubmit={form.handleSubmit}
      submit={{ label: form.isPending ? 'Saving…' : 'Save', disabled: form.isPending }}
    >
      <label className="check">
        <input
          type="checkbox"
          checked={values.on}
          disabled={form.isPending}
          onChange={(event) => set('on', event.target.checked)}
        />
        Ask for the visitor’s contact details after
      </label>
      <TextField
        {...form.field('sweeps')}
        label="Sweeps"
        hint={helpText(values.sweeps)}
        type="number"
        inputMode="numeric"
        min={MIN}
        max={MAX}
        step={1}
        disabled={form.isPending || !values.on}
      />
    </WebsitePart>
  );
}
