// The Marea plugin's admin panel (built by `strapi build` into cms/build/): admin/src/index.jsx.
export { default } from './admin/src/index.jsx';
