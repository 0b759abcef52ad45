'use strict';

module.exports = {
  // The build pages collections by 100 (content contract, "Endpoints crawled").
  rest: { defaultLimit: 25, maxLimit: 100, withCount: true },
};
