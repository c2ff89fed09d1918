import { useId, useRef, type KeyboardEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { Loading } from '../../shared/Loading';
import { PRODUCT_NAME } from '../../shared/strings';
import { propertyPath, PROPERTIES_PATH } from '../features/properties/paths';
import { usePropertyQuery } from '../features/properties/queries';
import { TourSpace } from '../features/tours/layers/components/TourSpace';
import '../features/properties/properties.css';
import '../features/tours/layers/layers.css';
import { TOUR_TABS, type TourTab } from '../features/tours/paths';
import { PasswordTab, ShareSettingsTab, UrlParametersTab } from '../features/tours/sharing';

const TAB_LABELS: Record<TourTab, string> = {
  space: 'Space',
  share: 'Share Settings',
  password: 'Password',
  url_parameters: 'URL Parameters',
};

/**
 * `/provider/properties/:id/virtual-tour/space` (001 §2): the property's tour, with the tabs Space (the preview and
 * the layers' editors, drafts and publishing), Share Settings, Password and URL Parameters. The tab is in the
 * address (`?tab=share`), so a link opens it and Back returns to the one before.
 */
export default function TourSpacePage() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const property = usePropertyQuery(id);
  const named = search.get('tab');
  const tab: TourTab = TOUR_TABS.find((each) => each === named) ?? 'space';
  const baseId = useId();
  const tabRefs = useRef(new Map<TourTab, HTMLButtonElement | null>());

  function choose(next: TourTab, focus = false) {
    setSearch(next === 'space' ? {} : { tab: next });
    if (focus) tabRefs.current.get(next)?.focus();
  }

  // The tab list's keys (WAI-ARIA tabs): arrows move to the previous or next tab and open it, Home and End the ends.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TOUR_TABS.indexOf(tab);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % TOUR_TABS.length,
      ArrowLeft: (index - 1 + TOUR_TABS.length) % TOUR_TABS.length,
      Home: 0,
      End: TOUR_TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    choose(TOUR_TABS[target]!, true);
  }

  if (property.error && !property.data) {
    const notFound = property.error instanceof ApiError && property.error.status === 404;
    return (
      <div className="page">
        <title>{`${notFound ? 'Property not found' : 'Virtual tour'} · ${PRODUCT_NAME}`}</title>
        <p className="back-link">
          <Link to={PROPERTIES_PATH}>← Properties</Link>
        </p>
        <h1>{notFound ? 'Property not found' : 'Virtual tour'}</h1>
        {notFound ? (
          <p>It may have been deleted, or the link is not quite right.</p>
        ) : (
          <ErrorDisplay error={property.error} />
        )}
      </div>
    );
  }
  if (!property.data) return <Loading />;
  const { title } = property.data;

  return (
    <div className="page tour-space-page">
      <title>{`Virtual tour · ${title} · ${PRODUCT_NAME}`}</title>
      <p className="back-link">
        <Link to={propertyPath(id)}>← {title}</Link>
      </p>
      <h1>Virtual tour</h1>
      <div className="tour-tabs" role="tablist" aria-label="Virtual tour" onKeyDown={onKeyDown}>
        {TOUR_TABS.map((each) => (
          <button
            key={each}
            ref={(element) => {
              tabRefs.current.set(each, element);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${each}`}
            aria-selected={each === tab}
            aria-controls={`${baseId}-panel-${each}`}
            tabIndex={each === tab ? 0 : -1}
            className="tour-tab"
            onClick={() => choose(each)}
          >
            {TAB_LABELS[each]}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel-${tab}`}
        aria-labelledby={`${baseId}-tab-${tab}`}
        className="tour-tab-panel"
      >
        {tab === 'space' && <TourSpace property={property.data} />}
        {tab === 'share' && <ShareSettingsTab propertyId={id} />}
        {tab === 'password' && <PasswordTab propertyId={id} />}
        {tab === 'url_parameters' && <UrlParametersTab propertyId={id} />}
      </div>
    </div>
  );
}
