// Schema tests run as native ES modules, like the api's (jest.base.cjs at the root).
module.exports = require('../jest.base.cjs');
