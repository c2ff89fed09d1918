import { useEffect, useRef, useState } from 'react';
import { sdkVersion } from '../../../../tour/showcase-sdk';
import type { StagingShowcase as Session } from '../../../../tour/showcase-scene';

/**
 * The scan in Showcase, connected through the SDK at each load of the frame as the staging editor's is
 * (`connectStagingShowcase`: the space's clicks and the models shown in it); `onSession` hears the session, null while
 * there is none. Without the SDK (none configured, refused) it says that points cannot be picked here.
 */
export function TwinShowcase({
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
          console.warn('the digital twin page could not connect to Showcase', error);
          setFailed(true);
        },
      );
  }

  return (
    <>
      <iframe
        className="twin-scan"
        src={embedUrl}
        title={title}
        allow="fullscreen; xr-spatial-tracking"
        allowFullScreen
        onLoad={(event) => loaded(event.currentTarget)}
      />
      {(!sdk || failed) && (
        <p className="alert alert-warning twin-scan-warning" role="alert">
          Points cannot be picked in the 3D space here (
          {sdk ? 'Matterport’s SDK did not connect' : 'no SDK key is set up'}): the pairs already kept can
          still be aligned.
        </p>
      )}
    </>
  );
}
