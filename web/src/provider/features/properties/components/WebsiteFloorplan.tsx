import { useState, type FormEvent } from 'react';
import { formErrors } from '../../../../shared/formErrors';
import { SelectField } from '../../../../shared/SelectField';
import { mediaLabel, type Media } from '../api';
import { useUpdateWebsiteFloorplanMutation } from '../queries';
import { WebsitePart, type WebsiteFormProps } from './WebsitePart';

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
  const [chosen, setChosen] = useState(saved);
  const [notice, setNotice] = useState('');
  const errors = formErrors(save.error, { floorplan: 'publishedFloorplan.id' });

  const list = floorplans ?? [];
  if (list.length === 0) return null;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice('');
    if (chosen === saved) return setNotice('Nothing has changed since the last save.');
    const outcome = await save.run(website.propertyId, chosen || null);
    if (!outcome.ok) return;
    const floorplan = list.find((item) => item.id === outcome.value.publishedFloorplan?.id);
    setNotice(floorplan ? `The website shows ${mediaLabel(floorplan)}.` : 'The website shows no floorplan.');
  }

  return (
    <WebsitePart
      title="Floorplan on the website"
      alert={errors.alert}
      notice={notice}
      onSubmit={handleSubmit}
      submit={{ label: save.isPending ? 'Saving…' : 'Save floorplan', disabled: save.isPending }}
    >
      <SelectField
        label="Floorplan"
        value={chosen}
        disabled={save.isPending}
        onChange={(event) => setChosen(event.target.value)}
        messages={errors.fields.floorplan}
      >
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
