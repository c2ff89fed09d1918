import { SHARE_LINK_TYPES, type ShareLinkType } from '@tourly/contracts';
import { useId, useState } from 'react';
import { Modal } from '../../../../../shared/Modal';
import type { PlayerLink } from '../api';
import { CopyField } from './CopyField';
import { QrCode } from './QrCode';
import { linkOf, SHARE_LINKS, ShareLinks } from './ShareLinks';

/**
 * Sharing the tour: each link with "Copy", the code to embed it in another site, and a QR code of the link chosen
 * (for print: a flyer, a window card), downloadable as a PNG.
 */
export default function ShareModal({ link, onClose }: { link: PlayerLink; onClose(): void }) {
  const available = SHARE_LINK_TYPES.filter((type) => type !== 'white_label' || link.links.whiteLabel);
  const [chosen, setChosen] = useState<ShareLinkType>(link.links.whiteLabel ? 'white_label' : 'default');
  const radioName = useId();

  return (
    <Modal title="Share the tour" size="large" onClose={onClose}>
      {!link.shareable && (
        <p className="alert alert-warning">
          The tour is not shared yet: these links will open it once it is.
        </p>
      )}
      <ShareLinks link={link} types={SHARE_LINK_TYPES} />
      <CopyField
        label="Embed code"
        hint="Paste it into another site's page to show the tour there."
        value={link.embedCode}
        multiline
      />
      <section className="share-qr" aria-labelledby="share-qr-heading">
        <h3 id="share-qr-heading">QR code</h3>
        <fieldset className="field">
          <legend className="field-label">Link in the QR code</legend>
          {available.map((type) => (
            <label key={type} className="check">
              <input
                type="radio"
                name={radioName}
                checked={chosen === type}
                onChange={() => setChosen(type)}
              />
              {SHARE_LINKS[type].label}
            </label>
          ))}
        </fieldset>
        <QrCode
          text={linkOf(link, chosen) ?? link.links.default}
          label={`QR code of the ${SHARE_LINKS[chosen].label.toLowerCase()}`}
          fileName={`tour-${link.modelSlug}-qr.png`}
        />
      </section>
    </Modal>
  );
}
