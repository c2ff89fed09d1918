import { useState } from 'react';
import { useForm } from '../../../../shared/forms/useForm';
import { SelectField } from '../../../../shared/SelectField';
import { mediaLabel, type Media } from '../api';
import { useUpdateWebsiteFloorplanMutation } from '../queries';
import { NOTHING_CHANGED, WebsitePart, type WebsiteFormProps } from './WebsitePart';

/**
 * The floorplan the website shows, if any (PATCH website/floorplan): offered only when the property has
 * floorplans (the page's, shared with the Floorplans section, so a new one is offered at once); none until one is
 * chosen.
 */
export function WebsiteFloorplan({
  website,
  floorplans,
}: WebsiteFormProps & { floorplans: Media[] | undefined }) {
  const save = useUpdateWebsiteFloorplanMutation();
  const saved = website.publishedFloorplan?.id ?? '';
  const [notice, setNotice] = useState('');
  const list = floorplans ?? [];
  const form = useForm({
    initial: { floorplan: saved },
    fields: { floorplan: 'publishedFloorplan.id' },
    submit: async ({ floorplan }) => {
      setNotice('');
      if (floorplan === saved) {
        setNotice(NOTHING_CHANGED);
        return undefined;
      }
      return save.run(website.propertyId, floorplan || null);
    },
    onSuccess: (changed) => {
      const floorplan = list.find((item) => item.id === changed.publishedFloorplan?.id);
      setNotice(
        floorplan ? `The website shows ${mediaLabel(floorplan)}.` : 'The website shows no floorplan.',
      );
    },
  });

  if (list.length === 0) return null;

  return (
    <WebsitePart
      title="Floorplan on the website"
      alert={form.errors.alert}
      alertRef={form.alertRef}
      notice={notice}
      onSubmit={form.handleSubmit}
      submit={{ label: form.isPending ? 'Saving…' : 'Save floorplan', disabled: form.isPending }}
    >
      <SelectField {...form.field('floorplan')} label="Floorplan" disabled={form.isPending}>
        <option value="">None</option>
        {list.map((floorplan) => (
          <option key={floorplan.id} value={floorplan.id}>
            {mediaLabel(floorplan)}
          </option>
        ))}
      </SelectField>
    </WebsitePart>
  );
}
