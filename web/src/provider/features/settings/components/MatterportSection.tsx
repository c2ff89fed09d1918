import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDate } from '../../../../shared/format';
import { PRODUCT_NAME } from '../../../../shared/strings';
import type { MatterportConnection, MatterportConnectionStatus } from '../api';
import { useConnectMatterport } from '../hooks';
import { BROKEN_FALLBACK, type ConnectOutcome } from '../matterport';
import { useDisconnectMatterportMutation, useMatterportConnectionQuery } from '../queries';

const STATUS: Record<MatterportConnectionStatus, { label: string; badge: string }> = {
  not_connected: { label: 'Not connected', badge: 'badge-neutral' },
  connected: { label: 'Connected', badge: 'badge-success' },
  broken: { label: 'Not working', badge: 'badge-danger' },
  platform: { label: 'Demo account', badge: 'badge-neutral' },
};

interface MatterportSectionProps {
  /** The provider's admins connect and disconnect; everyone else reads where the models come from. */
  isAdmin: boolean;
  /** How connecting just went, as Matterport's callback told the page (`?matterport=…`); null otherwise. */
  outcome: ConnectOutcome | null;
}

/**
 * The provider's own Matterport account, where its models come from (GET /provider/matterport_auth/connection):
 * not connected, connected (since when, and the account's name), broken (why, and "Connect again"), or the
 * platform's demo account. Admins connect through Matterport's page (GET /api/integrations/matterport/auth_url) and
 * disconnect after an are-you-sure (DELETE the connection). Back from Matterport, the outcome is shown here and
 * receives focus, so the page opens on it.
 */
export function MatterportSection({ isAdmin, outcome }: MatterportSectionProps) {
  const connection = useMatterportConnectionQuery();
  const connector = useConnectMatterport();
  const disconnect = useDisconnectMatterportMutation();
  const [confirming, setConfirming] = useState(false);
  const [disconnected, setDisconnected] = useState(false);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const disconnectedRef = useRef<HTMLParagraphElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const current = connection.data;

  // Success is told once the connection reads connected (an address alone does not make it so).
  const told =
    disconnected || !outcome
      ? null
      : outcome.kind === 'failed' || current?.status === 'connected'
        ? outcome
        : null;
  useEffect(() => {
    if (told) outcomeRef.current?.focus();
  }, [told]);
  useEffect(() => {
    if (disconnected) disconnectedRef.current?.focus();
  }, [disconnected]);

  async function confirmDisconnect() {
    const result = await disconnect.run();
    setConfirming(false);
    if (result.ok) setDisconnected(true);
    else openerRef.current?.focus();
  }

  const connectButton = (label: string) => (
    <button
      type="button"
      className="button button-primary"
      disabled={connector.isPending || disconnect.isPending}
      onClick={() => {
        setDisconnected(false);
        void connector.connect();
      }}
    >
      {label}
    </button>
  );
  const disconnectButton = (
    <button
      ref={openerRef}
      type="button"
      className="button button-secondary"
      disabled={connector.isPending || disconnect.isPending}
      onClick={() => setConfirming(true)}
    >
      Disconnect
    </button>
  );

  return (
    <section className="card" aria-labelledby="settings-matterport">
      <h2 id="settings-matterport">Matterport</h2>
      {told?.kind === 'connected' && (
        <div ref={outcomeRef} className="alert alert-success" role="status" tabIndex={-1}>
          <p>Your Matterport account is connected.</p>
          <p>Its models are listed when you create a property.</p>
        </div>
      )}
      {told?.kind === 'failed' && (
        <div ref={outcomeRef} className="alert alert-error" role="alert" tabIndex={-1}>
          <p className="alert-title">Your Matterport account was not connected</p>
          <p>{told.reason}</p>
          {isAdmin && (
            <>
              <p>Nothing was changed. Try again, and allow access on Matterport&apos;s page.</p>
              <div className="actions">{connectButton('Try again')}</div>
            </>
          )}
        </div>
      )}
      {disconnected && (
        <p ref={disconnectedRef} className="alert alert-success" role="status" tabIndex={-1}>
          Your Matterport account is disconnected.
        </p>
      )}
      {!current && !connection.error && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {!current && <ErrorDisplay error={connection.error} />}
      {current && (
        <ConnectionState
          connection={current}
          isAdmin={isAdmin}
          connectButton={connectButton}
          disconnectButton={disconnectButton}
        />
      )}
      <ErrorDisplay error={connector.error ?? disconnect.error} />
      <ConfirmDialog
        open={confirming}
        title="Disconnect Matterport?"
        confirmLabel="Disconnect"
        isPending={disconnect.isPending}
        onConfirm={confirmDisconnect}
        onCancel={() => setConfirming(false)}
      >
        <p>
          The models of your Matterport account will no longer be listed when you create a property, and none
          will be added automatically. The properties you already have stay as they are.
        </p>
        <p>You can connect an account again at any time.</p>
      </ConfirmDialog>
    </section>
  );
}

interface ConnectionStateProps {
  connection: MatterportConnection;
  isAdmin: boolean;
  connectButton(label: string): ReactNode;
  disconnectButton: ReactNode;
}

/** What the connection is, and what the person can do about it. */
function ConnectionState({ connection, isAdmin, connectButton, disconnectButton }: ConnectionStateProps) {
  const { status, accountName, connectedAt } = connection;
  const badge = STATUS[status];
  const details = (
    <dl className="details">
      <dt>Status</dt>
      <dd>
        <span className={`badge ${badge.badge}`}>{badge.label}</span>
      </dd>
      {accountName && (status === 'connected' || status === 'broken') && (
        <>
          <dt>Account</dt>
          <dd>{accountName}</dd>
        </>
      )}
      {connectedAt && (status === 'connected' || status === 'broken') && (
        <>
          <dt>Connected</dt>
          <dd>{formatDate(connectedAt)}</dd>
        </>
      )}
    </dl>
  );

  switch (status) {
    case 'not_connected':
      return (
        <>
          <p>
            Your properties&apos; 3D models come from your own Matterport account. Connect it to choose from
            its models when you create a property, and to have them added as properties for you.
          </p>
          {details}
          {isAdmin ? (
            <>
              <p className="muted">
                Matterport asks you to sign in and to let {PRODUCT_NAME} see your models, then brings you back
                here.
              </p>
              <div className="actions">{connectButton('Connect Matterport')}</div>
            </>
          ) : (
            <p className="muted">
              Only an admin of your account can connect a Matterport account: ask one of them to do it here.
            </p>
          )}
        </>
      );
    case 'connected':
      return (
        <>
          {details}
          <p>Your properties&apos; models are listed from this Matterport account.</p>
          {isAdmin && <div className="actions">{disconnectButton}</div>}
        </>
      );
    case 'broken':
      return (
        <>
          <div className="alert alert-warning">
            <p className="alert-title">The connection to Matterport stopped working</p>
            <p>{connection.brokenReason ?? BROKEN_FALLBACK}</p>
            <p>
              Until it is connected again, your Matterport models are not listed and none are added for you.
              Your properties stay as they are.
            </p>
            {isAdmin ? (
              <div className="actions">{connectButton('Connect again')}</div>
            ) : (
              <p>Ask an admin of your account to connect it again here.</p>
            )}
          </div>
          {details}
          {isAdmin && <div className="actions">{disconnectButton}</div>}
        </>
      );
    case 'platform':
      return (
        <>
          {details}
          <p>
            Your account uses the platform&apos;s demo Matterport account: its models are the ones listed when
            you create a property.
          </p>
          {isAdmin ? (
            <>
              <p>Connect your own Matterport account to list your own models instead.</p>
              <div className="actions">{connectButton('Connect Matterport')}</div>
            </>
          ) : (
            <p className="muted">An admin of your account can connect your own Matterport account here.</p>
          )}
        </>
      );
  }
}
