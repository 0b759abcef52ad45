'use strict';

/** Names the plugin's parts share: the report token and the content types the site reads (content contract), by the build's entity name. */
const REPORT_TOKEN_NAME = 'marea-reports';

const UID_OF_ENTITY = {
  page: 'api::page.page',
  layout: 'api::layout.layout',
  'error-page': 'api::error-page.error-page',
  modal: 'api::modal.modal',
  'promo-codes': 'api::promo-code.promo-code',
};

module.exports = { REPORT_TOKEN_NAME, UID_OF_ENTITY, SITE_UIDS: Object.values(UID_OF_ENTITY) };
