/** The app's version as packs and logs record it (kept equal to package.json by a unit test). */
export const APP_VERSION = '0.1.0';
