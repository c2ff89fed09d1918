import { useEffect, useRef, useState } from 'react';
import { sdkVersion } from '../../../../tour/showcase-sdk';
import type { StagingShowcase as Session } from '../../../../tour/showcase-scene';

/**
 * The scan in Showcase, connected for staging through the SDK at each load of the frame; `onSession` hears the
 * session (null while there is none). Without the SDK (none configured, refused) it says so: the plan still edits.
 */
export function StagingShowcase({
  embedUrl,
  sdk,
  title,
  onSession,
}: {
  embedUrl: string;
  sdk: { url: string; key: string } | null | undefined;
  title: string;
  onSession: (session: Session | null) => void;
}) {
  const [failed, setFailed] = useState(false);
  const release = useRef<(() => void) | undefined>(undefined);
  const listener = useRef(onSession);
  useEffect(() => {
    listener.current = onSession;
  });
  useEffect(() => () => release.current?.(), []);

  function loaded(iframe: HTMLIFrameElement) {
    release.current?.();
    if (!sdk) return;
    let released = false;
    let close: (() => void) | undefined;
    release.current = () => {
      released = true;
      listener.current(null);
      close?.();
    };
    setFailed(false);
    void import('../../../../tour/showcase-scene')
      .then(({ connectStagingShowcase }) =>
        connectStagingShowcase(iframe, { ...sdk, version: sdkVersion(window.location.search) }),
      )
      .then(
        (session) => {
          if (released) return session.close();
          close = () => session.close();
          listener.current(session);
        },
        (error: unknown) => {
          console.warn('the staging editor could not connect to Showcase', error);
          setFailed(true);
        },
      );
  }

  return (
    <>
      <iframe
        className="staging-model"
        src={embedUrl}
        title={title}
        allow="fullscreen; xr-spatial-tracking"
        allowFullScreen
        onLoad={(event) => loaded(event.currentTarget)}
      />
      {(!sdk || failed) && (
        <p className="alert alert-warning staging-model-warning" role="alert">
          The 3D space cannot take pieces here (
          {sdk ? 'Matterport’s SDK did not connect' : 'no SDK key is set up'}): pieces already placed can
          still be moved on the plan.
        </p>
      )}
    </>
  );
}
