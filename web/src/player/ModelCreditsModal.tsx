import { useTranslation } from './i18n';
import { Modal } from '../shared/Modal';
import type { ModelCredit } from './api';
import { creditedModels } from './credits';

/** The third-party models' credits: thumbnail, name, author, licence. */
export default function ModelCreditsModal({ credits, onClose }: { credits: ModelCredit[]; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('modelCreditsTitle')} onClose={onClose}>
      <ul className="player-credits">
        {creditedModels(credits).map(({ model, user, license }) => (
          <li key={model.uid} className="player-credit">
            {model.thumbnailUrl && (
              <img src={model.thumbnailUrl} alt="" width={64} height={64} loading="lazy" />
            )}
            <div>
              <p className="player-credit-name">{model.name}</p>
              <p>
                {t('modelBy')}{' '}
                {user.profileUrl ? (
                  <a href={user.profileUrl} target="_blank" rel="noopener noreferrer">
                    {user.name}
                  </a>
                ) : (
                  user.name
                )}
                {' · '}
                {license.url ? (
                  <a href={license.url} target="_blank" rel="noopener noreferrer">
                    {t('licence')}: {license.label}
                  </a>
                ) : (
                  `${t('licence')}: ${license.label}`
                )}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
