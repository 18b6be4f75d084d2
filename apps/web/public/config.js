/* global window */
// Runtime settings of the web app, replaced at deploy time without rebuilding.
// apiUrl: origin of the gateway (REST + socket.io). Empty = VITE_API_URL at build time,
// else the page's own host on port 8080.
window.ATRIUM_CONFIG = window.ATRIUM_CONFIG || { apiUrl: '' };
