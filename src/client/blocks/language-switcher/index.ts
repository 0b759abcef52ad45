export { LanguageSwitcher as default } from './LanguageSwitcher.js';
