/** The team page: its members and, for the admins, the invitations. */
export const TEAM_PATH = '/provider/settings/team';
