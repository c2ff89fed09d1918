import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { useSpace, type SpacePose, type SpaceSweep } from '../../../tour/space';
import { fetchAudioTour, type VisitorAudioTour } from './api';
import { cameraPosition, cameraRoom, narrationFor, sourceLevels } from './spatial';
import '../layers.css';

/**
 * The visitor's audio tour (loaded lazily when the tour may have one): the background music, the narration of each
 * room as the visitor enters it, and the sounds placed in the space, each as loud as the camera is near. Browsers
 * refuse sound before the visitor's first tap, so it all starts silent: the sound button (or a first tap on the page)
 * turns it on, and mutes it again.
 */
export default function AudioLayer({ tourId }: { tourId: string }) {
  const { t } = useTranslation();
  const [tour, setTour] = useState<VisitorAudioTour | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    fetchAudioTour(tourId, abort.signal).then(setTour, () => setTour(null));
    return () => abort.abort();
  }, [tourId]);

  return tour ? <TourSound tour={tour} words={{ soundOn: t('soundOn'), mute: t('soundMute') }} /> : null;
}

/** The sound button's words: the visitor's language in the player, English in the provider's preview. */
export interface SoundWords {
  soundOn: string;
  mute: string;
}

export const ENGLISH_SOUND_WORDS: SoundWords = { soundOn: 'Sound on', mute: 'Mute' };

/** An audio tour playing over the space (the visitor's, or the provider's in the preview), with its sound button. */
export function TourSound({
  tour,
  words,
  tapToStart = true,
}: {
  tour: VisitorAudioTour;
  words: SoundWords;
  /** A first tap anywhere on the page turns the sound on (the visitor's page; not the editor's preview). */
  tapToStart?: boolean;
}) {
  const space = useSpace();
  const [soundOn, setSoundOn] = useState(false);
  const audio = useRef<TourAudio | null>(null);

  useEffect(() => {
    const made = new TourAudio(tour);
    audio.current = made;
    return () => {
      made.close();
      audio.current = null;
    };
  }, [tour]);

  // A first tap anywhere on the page (outside the 3D frame, which keeps its own) is the gesture sound waits for; a tap
  // on the sound button is the button's.
  useEffect(() => {
    if (soundOn || !tapToStart) return;
    const first = (event: PointerEvent) => {
      if (!(event.target instanceof Element && event.target.closest('.layer-sound'))) setSoundOn(true);
    };
    window.addEventListener('pointerdown', first);
    return () => window.removeEventListener('pointerdown', first);
  }, [soundOn, tapToStart]);

  useEffect(() => audio.current?.setSound(soundOn), [soundOn, tour]);

  useEffect(() => {
    if (!space) return;
    let sweeps: SpaceSweep[] = [];
    let last: SpacePose | null = null;
    let gone = false;
    const follow = (pose: SpacePose) => {
      last = pose;
      audio.current?.follow(pose, sweeps);
    };
    void space.sweeps().then((listed) => {
      if (gone) return;
      sweeps = listed;
      if (last) follow(last);
      else void space.pose().then(follow);
    });
    const stop = space.onPose(follow);
    return () => {
      gone = true;
      stop();
    };
  }, [space, tour]);

  return (
    <button
      type="button"
      className="layer-sound"
      aria-pressed={soundOn}
      onClick={() => setSoundOn((on) => !on)}
    >
      {soundOn ? words.mute : words.soundOn}
    </button>
  );
}

/** The audio elements of one tour and what the camera's moves do to them. */
class TourAudio {
  private readonly music: HTMLAudioElement | null;
  private readonly narration = new Audio();
  private readonly sources: HTMLAudioElement[];
  private room: string | null = null;
  private sound = false;
  private levels: number[];

  constructor(private readonly tour: VisitorAudioTour) {
    this.music = tour.backgroundMusic ? looped(tour.backgroundMusic.url) : null;
    if (this.music) this.music.volume = tour.volume / 100;
    this.sources = tour.spatialSources.map((source) => looped(source.audioFile.url));
    this.levels = this.sources.map(() => 0);
  }

  setSound(on: boolean): void {
    this.sound = on;
    for (const element of [this.music, this.narration, ...this.sources]) if (element) element.muted = !on;
    if (on) void this.music?.play().catch(() => {});
    else this.music?.pause();
    this.applyLevels();
  }

  /** The camera moved: a new room's narration starts; each source plays as loud as the camera is near. */
  follow(pose: SpacePose, sweeps: SpaceSweep[]): void {
    const room = cameraRoom(pose, sweeps);
    if (room !== this.room && pose.mode !== 'transitioning') {
      this.room = room;
      const narration = narrationFor(room, this.tour.roomNarrations);
      this.narration.pause();
      if (narration && this.sound) {
        this.narration.src = narration.audioFile.url;
        void this.narration.play().catch(() => {});
      }
    }
    const camera = cameraPosition(pose, sweeps);
    if (camera || pose.mode !== 'transitioning') {
      this.levels = sourceLevels(camera, this.tour.spatialSources);
      this.applyLevels();
    }
  }

  close(): void {
    for (const element of [this.music, this.narration, ...this.sources]) {
      element?.pause();
      element?.removeAttribute('src');
    }
  }

  private applyLevels(): void {
    this.sources.forEach((element, index) => {
      const level = this.levels[index] ?? 0;
      element.volume = level;
      if (this.sound && level > 0) void element.play().catch(() => {});
      else element.pause();
    });
  }
}

function looped(url: string): HTMLAudioElement {
  const element = new Audio(url);
  element.loop = true;
  element.muted = true;
  element.preload = 'none';
  return element;
}
