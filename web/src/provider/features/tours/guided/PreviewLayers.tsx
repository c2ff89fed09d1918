import { playsSomething, type TourLayers } from '@tourly/contracts';
import { useMemo } from 'react';
import { ENGLISH_SOUND_WORDS, TourSound } from '../../../../player/layers/audio/AudioLayer';
import { ENGLISH_GUIDED_WORDS, GuidedTourBar } from '../../../../player/layers/guided/GuidedLayer';
import { useAudioTourQuery } from '../audio/queries';
import { useGuidedStopsQuery } from './queries';

/**
 * The guided tour and the audio tour in the provider's preview, as visitors will get them: the saved stops with the
 * draft's switch (shown while it is on), and the saved audio tour.
 */
export function PreviewLayers({
  propertyId,
  propertySlug,
  guidedTour,
}: {
  propertyId: string;
  propertySlug: string;
  guidedTour: TourLayers['guidedTour'];
}) {
  const stops = useGuidedStopsQuery(propertyId);
  const audio = useAudioTourQuery(propertyId, propertySlug);
  const tour = useMemo(
    () =>
      stops.data && {
        autoplay: false,
        loop: guidedTour.loop,
        stops: stops.data.map((stop) => ({
          id: stop.id,
          sweepId: stop.sweepId,
          rotation: stop.rotation,
          title: stop.title,
          text: stop.text,
          audioUrl: stop.audioFile?.url ?? null,
        })),
      },
    [stops.data, guidedTour.loop],
  );
  return (
    <>
      {guidedTour.enabled && tour && <GuidedTourBar tour={tour} words={ENGLISH_GUIDED_WORDS} />}
      {audio.data && playsSomething(audio.data) && (
        <TourSound tour={audio.data} words={ENGLISH_SOUND_WORDS} tapToStart={false} />
      )}
    </>
  );
}
