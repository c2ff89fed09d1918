module.exports = require('../jest.preset.js')(__dirname, 'e2e');
