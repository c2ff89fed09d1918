import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { useTemplateOptionsQuery } from '../queries';

/**
 * How the provider's plans are drawn: the template, the units and the measures shown. The platform's administrators
 * set them for the account (the drafters draw to them), so the page shows them and offers no change.
 */
export function DrawingSettings() {
  const options = useTemplateOptionsQuery();
  if (options.error) return <ErrorDisplay error={options.error} />;
  if (!options.data) return null;
  const { current, templates } = options.data;
  const template = templates.find((candidate) => candidate.id === current.template);
  const measures = [
    current.showDimensions && 'wall dimensions',
    current.showRoomAreas && 'room areas',
    current.showTotalArea && 'the total area',
  ].filter(Boolean);
  return (
    <section className="floorplan-drawing" aria-label="How your plans are drawn">
      <h2>How your plans are drawn</h2>
      <p>
        <strong>{current.customTemplateName ?? template?.name ?? current.template}</strong>
        {current.customTemplateName ? ' (your own template)' : template ? `: ${template.description}` : ''}
      </p>
      <p className="muted">
        {current.units === 'metric' ? 'Metric' : 'Imperial'} units
        {measures.length > 0 ? `, showing ${measures.join(', ')}` : ', no measures shown'}. The
        platform&apos;s team sets these for your account.
      </p>
    </section>
  );
}
