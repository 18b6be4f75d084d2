export { TicketsConfig } from './config.js';
export { TicketsAppModule } from './app.module.js';
export { ChatbotClock } from './chatbot/chatbot-clock.js';
