import type { CallerIdentity } from '@tourly/platform';

export const AUTHOR_ROLES = ['provider', 'virtual_assistant', 'external_supplier', 'platform_admin'] as const;
export type AuthorRole = (typeof AUTHOR_ROLES)[number];

export const COMMENT_NOT_FOUND = 'Comment not found';
export const ONLY_AUTHOR_DELETES = 'Only its author or an administrator can delete a comment.';
export const ATTACHMENTS_NOT_UPLOADED =
  'Upload each attachment to this order first (POST /opw_resources/{id}/files); an attachment belongs to one comment.';

/** On whose behalf a comment is written: the provider's people, or the back-office role. */
export function authorRoleOf(caller: CallerIdentity): AuthorRole {
  return caller.staffRole ?? 'provider';
}

/** Its author deletes a comment, and a platform admin (an admin impersonating the provider is the admin). */
export function mayDelete(caller: CallerIdentity, comment: { authorId: string }): boolean {
  return caller.staffRole === 'platform_admin' || (!!caller.userId && caller.userId === comment.authorId);
}
