import { useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../../api/errors';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { mediaLabel, type Media } from '../../properties/api';
import { propertyPath } from '../../properties/paths';
import { useFloorplansQuery } from '../../properties/queries';
import { useAccountPermissionsQuery } from '../../settings/queries';
import type { AnalyticsPlace, RoomPin } from '../api';
import { floorLabel } from '../format';
import {
  floorplanFor,
  heatLabel,
  heatPins,
  onImage,
  placeableRooms,
  roomKey,
  shortSeconds,
  type HeatPin,
  type Room,
} from '../heatmap';
import { useRoomPinsQuery, useSaveRoomPinsMutation } from '../queries';
import { heatColour } from './PlacesList';
import '../heatmap.css';

/** How far an arrow key moves a pin: a hundredth of the plan, a twentieth with Shift. */
const STEP = 0.01;
const BIG_STEP = 0.05;
const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

const isImage = (floorplan: Media) => floorplan.contentType?.startsWith('image/') ?? false;
const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;
/** Where on the plan, in CSS: exact, where `percent` rounds for reading. */
const at = (fraction: number) => `${fraction * 100}%`;

/**
 * The heat map drawn over the property's floor plan (issue 33): a circle per room the provider placed, coloured as
 * the ranked list colours its bars and sized by the time spent. Matterport's coordinates cannot be mapped onto a
 * drawn plan without an alignment, so the provider places each room once: tap a room, tap the plan (or move its pin
 * with the arrow keys), Save. Without a floor-plan image, a hint to add one; the ranked list follows either way.
 */
export function HeatMap({ propertyId, places }: { propertyId: string; places: AnalyticsPlace[] }) {
  const headingId = useId();
  const floorplans = useFloorplansQuery(propertyId);
  const pins = useRoomPinsQuery(propertyId);
  const canPlace = useAccountPermissionsQuery().data?.manageProperties === true;
  const images = floorplans.data?.filter(isImage) ?? [];

  // Nothing until the floor plans are known: the card, or the hint, without one replacing the other.
  if (!floorplans.data && !floorplans.error) return null;
  if (floorplans.data && images.length === 0) {
    return (
      <p className="heat-map-hint">
        <Link to={propertyPath(propertyId)}>Add a floor plan to see the heat map on it</Link>{' '}
        <span className="muted">
          {floorplans.data.length > 0
            ? '(an image: a PDF cannot have rooms drawn on it). '
            : '(an image, under Floorplans on the property’s page). '}
          Until then, the rooms are ranked below.
        </span>
      </p>
    );
  }

  const error = floorplans.error ?? pins.error;
  return (
    <section className="card heat-map" aria-labelledby={headingId}>
      <h2 id={headingId}>Heat map</h2>
      {error ? (
        <div className="list-failure">
          <ErrorDisplay error={error} />
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              void floorplans.refetch();
              void pins.refetch();
            }}
          >
            Try again
          </button>
        </div>
      ) : !floorplans.data || !pins.data ? (
        <p className="muted" role="status">
          Loading where the rooms are…
        </p>
      ) : (
        <HeatMapPlan
          propertyId={propertyId}
          images={images}
          pins={pins.data}
          places={places}
          canPlace={canPlace}
        />
      )}
    </section>
  );
}

function HeatMapPlan({
  propertyId,
  images,
  pins,
  places,
  canPlace,
}: {
  propertyId: string;
  images: Media[];
  pins: RoomPin[];
  places: AnalyticsPlace[];
  canPlace: boolean;
}) {
  const instructionsId = useId();
  const imageRef = useRef<HTMLImageElement>(null);
  const planRef = useRef<HTMLDivElement>(null);
  const [shownId, setShownId] = useState(() => pins[0]?.floorplanId ?? images[0]!.id);
  // The pins being placed, until saved or cancelled; null while the heat map is only shown.
  const [draft, setDraft] = useState<RoomPin[] | null>(null);
  const [chosen, setChosen] = useState<Room | null>(null);
  const [notice, setNotice] = useState('');
  const save = useSaveRoomPinsMutation();

  // A floor plan deleted meanwhile (on the property's page) falls back to the first.
  const shown = images.find((image) => image.id === shownId) ?? images[0]!;
  const shownPins = heatPins(pins, places).filter((pin) => pin.floorplanId === shown.id);
  const rooms = placeableRooms(places, pins);
  const placed = new Set(pins.map(roomKey));
  const unplaced = rooms.filter((room) => !placed.has(roomKey(room))).length;

  const start = () => {
    save.reset();
    setDraft(pins);
    setChosen(null);
    setNotice('Tap a room, then tap where it is on the plan.');
  };

  const stop = (message: string) => {
    setDraft(null);
    setChosen(null);
    setNotice(message);
  };

  const choose = (room: Room) => {
    if (!draft) return;
    setChosen(room);
    setShownId(
      floorplanFor(
        room,
        draft,
        images.map((image) => image.id),
        shown.id,
      ),
    );
    const where = draft.find((pin) => roomKey(pin) === roomKey(room));
    setNotice(
      `${room.room} chosen: ${where ? 'tap the plan to move it' : 'tap where it is on the plan'}, or use the arrow keys.`,
    );
    // Brings the plan into view on a phone (the rooms are under it), and takes the arrow keys.
    planRef.current?.focus();
  };

  const put = (room: Room, x: number, y: number) => {
    setDraft((pinned) => [
      ...(pinned ?? []).filter((pin) => roomKey(pin) !== roomKey(room)),
      { room: room.room, floor: room.floor, floorplanId: shown.id, x, y },
    ]);
    setNotice(`${room.room} placed at ${percent(x)} across, ${percent(y)} down.`);
  };

  const takeOff = (room: Room) => {
    setDraft((pinned) => (pinned ?? []).filter((pin) => roomKey(pin) !== roomKey(room)));
    setNotice(`${room.room} taken off the plan.`);
  };

  const saveDraft = async () => {
    if (!draft || save.isPending) return;
    const outcome = await save.run(propertyId, draft);
    if (outcome.ok)
      stop(
        outcome.value.length === 1
          ? 'Saved: 1 room is on the floor plan.'
          : `Saved: ${outcome.value.length} rooms are on the floor plan.`,
      );
  };

  const onPlanClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!draft) return;
    if (!chosen) {
      setNotice('Choose a room first (under the plan), then tap where it is.');
      return;
    }
    const box = imageRef.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return;
    put(
      chosen,
      onImage((event.clientX - box.left) / box.width),
      onImage((event.clientY - box.top) / box.height),
    );
  };

  const onPlanKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!draft) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      void saveDraft();
      return;
    }
    const arrow = ARROWS[event.key];
    if (!arrow) return;
    event.preventDefault();
    if (!chosen) {
      setNotice('Choose a room first (under the plan), then move it with the arrow keys.');
      return;
    }
    const step = event.shiftKey ? BIG_STEP : STEP;
    // A room not on this plan yet starts in its middle.
    const from = draft.find((pin) => roomKey(pin) === roomKey(chosen) && pin.floorplanId === shown.id) ?? {
      x: 0.5,
      y: 0.5,
    };
    put(chosen, onImage(from.x + arrow[0] * step), onImage(from.y + arrow[1] * step));
  };

  const chosenPin = chosen && draft?.find((pin) => roomKey(pin) === roomKey(chosen));

  return (
    <>
      {images.length > 1 && (
        <div className="heat-floors" role="group" aria-label="Floor plan">
          {images.map((image) => (
            <button
              key={image.id}
              type="button"
              className="range-preset"
              aria-pressed={image.id === shown.id}
              onClick={() => setShownId(image.id)}
            >
              {mediaLabel(image)}
            </button>
          ))}
        </div>
      )}
      {draft && (
        <p id={instructionsId} className="muted">
          Tap a room under the plan, then tap where it is on the plan (or move its pin with the arrow keys;
          Shift moves further). Enter or Save keeps the places.
        </p>
      )}
      <div
        ref={planRef}
        className={`heat-plan${draft ? ' heat-plan-placing' : ''}`}
        onClick={onPlanClick}
        onKeyDown={onPlanKeyDown}
        tabIndex={draft ? 0 : undefined}
        role={draft ? 'group' : undefined}
        aria-label={
          draft ? `Floor plan ${mediaLabel(shown)}: place ${chosen?.room ?? 'the chosen room'}` : undefined
        }
        aria-describedby={draft ? instructionsId : undefined}
      >
        <img
          ref={imageRef}
          src={shown.url}
          alt={`Floor plan: ${mediaLabel(shown)}`}
          width={shown.width ?? undefined}
          height={shown.height ?? undefined}
          draggable={false}
        />
        {draft ? (
          <ul className="heat-pins" aria-label="Rooms placed on this plan">
            {draft
              .filter((pin) => pin.floorplanId === shown.id)
              .map((pin) => (
                <li
                  key={roomKey(pin)}
                  className={`heat-pin heat-pin-draft${edgeClass(pin)}${
                    chosen && roomKey(chosen) === roomKey(pin) ? ' heat-pin-chosen' : ''
                  }`}
                  style={{ left: at(pin.x), top: at(pin.y) }}
                  aria-label={`${pin.room}: placed`}
                >
                  <span className="heat-pin-label" aria-hidden="true">
                    {pin.room}
                  </span>
                </li>
              ))}
          </ul>
        ) : (
          <HeatCircles pins={shownPins} />
        )}
      </div>
      {!draft && shownPins.length > 0 && <HeatLegend pins={shownPins} />}

      <p className="heat-map-notice" role="status">
        {notice}
      </p>

      {draft ? (
        <>
          <ul className="heat-rooms" aria-label="Rooms to place">
            {rooms.map((room) => {
              const pin = draft.find((candidate) => roomKey(candidate) === roomKey(room));
              const plan = pin && images.find((image) => image.id === pin.floorplanId);
              const floor = floorLabel(room.floor);
              return (
                <li key={roomKey(room)}>
                  <button
                    type="button"
                    className="heat-room"
                    aria-pressed={chosen !== null && roomKey(chosen) === roomKey(room)}
                    onClick={() => choose(room)}
                  >
                    <span className="heat-room-name">
                      <strong>{room.room}</strong>
                      {floor && <span className="muted"> · {floor}</span>}
                    </span>{' '}
                    <span className="heat-room-state">{plan ? `on ${mediaLabel(plan)}` : 'not placed'}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <ErrorDisplay error={save.error ? saveRefusal(save.error, draft) : null} />
          <div className="actions">
            <button
              type="button"
              className="button button-primary"
              disabled={save.isPending}
              onClick={() => void saveDraft()}
            >
              {save.isPending ? 'Saving…' : 'Save'}
            </button>
            {chosen && chosenPin && (
              <button type="button" className="button button-secondary" onClick={() => takeOff(chosen)}>
                Take {chosen.room} off the plan
              </button>
            )}
            <button
              type="button"
              className="button button-secondary"
              disabled={save.isPending}
              onClick={() => stop('Nothing was changed.')}
            >
              Cancel
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="muted">
            {pins.length === 0
              ? 'No room is on the floor plan yet.'
              : 'Each circle is a room: the bigger, the longer visitors stayed; from yellow (a little of the time) to deep red (the most).'}
            {unplaced > 0 &&
              ` ${unplaced === 1 ? '1 room is' : `${unplaced} rooms are`} not placed yet: the list below has every room.`}
          </p>
          {canPlace && rooms.length > 0 && (
            <div className="actions">
              <button type="button" className="button button-secondary" onClick={start}>
                Place rooms on the floor plan
              </button>
            </div>
          )}
        </>
      )}
    </>
  );
}

/**
 * The placed rooms of the plan shown, hottest drawn last (on top), each numbered by its rank in time spent; the
 * legend under the plan names the numbers. Names hung on the circles ran into each other where rooms are close on a
 * phone-sized plan.
 */
function HeatCircles({ pins }: { pins: HeatPin[] }) {
  const ranked = [...pins].sort((a, b) => b.seconds - a.seconds);
  const rankOf = new Map(ranked.map((pin, index) => [roomKey(pin), index + 1]));
  return (
    <ul className="heat-pins" aria-label="Rooms on the floor plan by time spent">
      {[...ranked].reverse().map((pin) => {
        const label = heatLabel(pin);
        const size = `${2 + 2.5 * pin.size}rem`;
        return (
          <li
            key={roomKey(pin)}
            className={`heat-pin${pin.visited ? '' : ' heat-pin-unvisited'}`}
            style={{
              left: at(pin.x),
              top: at(pin.y),
              width: size,
              height: size,
              ...(pin.visited ? heatFill(pin.heat) : {}),
            }}
            aria-label={label}
            title={label}
          >
            <span className="heat-pin-rank" aria-hidden="true">
              {rankOf.get(roomKey(pin))}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** The numbers of the circles, named: under the plan, hottest first (the circles' own labels are what is read out). */
function HeatLegend({ pins }: { pins: HeatPin[] }) {
  const ranked = [...pins].sort((a, b) => b.seconds - a.seconds);
  return (
    <ol className="heat-legend" aria-hidden="true">
      {ranked.map((pin, index) => (
        <li key={roomKey(pin)}>
          <span
            className={`heat-legend-rank${pin.visited ? '' : ' heat-pin-unvisited'}`}
            style={pin.visited ? heatFill(pin.heat) : {}}
          >
            {index + 1}
          </span>
          {pin.room} · {pin.visited ? shortSeconds(pin.seconds) : 'no time'}
        </li>
      ))}
    </ol>
  );
}

/** A circle's colour by its heat, its number white on the deep reds (dark on the yellows), readable on both. */
const heatFill = (heat: number) => ({
  background: heatColour(heat),
  color: heat > 0.75 ? '#fff' : undefined,
});

/**
 * While placing, a pin's name near the plan's edge is kept on it: aligned to that side rather than centred near a side,
 * and above the pin in the plan's lower half.
 */
const edgeClass = (pin: { x: number; y: number }) =>
  (pin.x < 0.2 ? ' heat-pin-left' : pin.x > 0.8 ? ' heat-pin-right' : '') +
  (pin.y > 0.5 ? ' heat-pin-low' : '');

/** The server's refusal in the rooms' names ('Kitchen: is not a floor plan of this property'), and what to do. */
function saveRefusal(error: unknown, draft: RoomPin[]): unknown {
  if (!(error instanceof ApiError) || error.status !== 422) return error;
  const messages = Object.entries(error.fields).flatMap(([field, fieldMessages]) => {
    const index = /^roomPins\.(\d+)\./.exec(field)?.[1];
    const room = index === undefined ? undefined : draft[Number(index)]?.room;
    return fieldMessages.map((message) => (room ? `${room}: ${message}` : message));
  });
  return [
    ...messages,
    'A floor plan may have been deleted meanwhile: reload the page and place the rooms again.',
  ];
}
