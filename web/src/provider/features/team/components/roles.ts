import type { TeamRole } from '../api';

/** The roles one can hold in a team, with what each may do (identity's README has the whole table). */
export const TEAM_ROLES: Array<{ value: TeamRole; label: string; does: string }> = [
  { value: 'admin', label: 'Admin', does: 'Everything, billing and the team included.' },
  {
    value: 'scan_technician',
    label: 'Scan technician',
    does: 'Manages properties and media; not billing or the team.',
  },
  { value: 'member', label: 'Member', does: 'Reads properties, tours and orders; changes nothing.' },
];

export const teamRoleLabel = (role: TeamRole) =>
  TEAM_ROLES.find((each) => each.value === role)?.label ?? role;
