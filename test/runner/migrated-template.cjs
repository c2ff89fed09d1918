// Each test worker's databases are copies of one database with every service's migrations applied (libs/platform's
// testing support, `useMigratedTemplate`), made by the first worker that needs it and kept for the next runs.
const { useMigratedTemplate } = require('../../libs/platform/src/testing');
const { BACKEND_DEFINITIONS } = require('../../infra/launcher/src/platform');

module.exports = () => useMigratedTemplate(Object.values(BACKEND_DEFINITIONS));
