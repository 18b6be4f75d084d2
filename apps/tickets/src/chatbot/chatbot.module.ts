import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { MediaModule } from '../media/media.module.js';
import { MessagesModule } from '../messages/messages.module.js';
import { NotesModule } from '../notes/notes.module.js';
import { SharedModule } from '../shared/shared.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { AddBotNote } from './bot-act/add-bot-note.js';
import { ApplyBotActions } from './bot-act/apply-bot-actions.js';
import { ChangeBotTags } from './bot-act/change-bot-tags.js';
import { BotDriveCheck } from './bot-act/bot-drive-check.js';
import { HandTicketOver } from './bot-act/hand-ticket-over.js';
import { SendBotMedia } from './bot-act/send-bot-media.js';
import { SendBotText } from './bot-act/send-bot-text.js';
import { ShowBotPresence } from './bot-act/show-bot-presence.js';
import { BotActStepsRepository } from './bot-act-steps.repository.js';
import { BotActController } from './bot-act.controller.js';
import { BotActService } from './bot-act.service.js';
import { BotHandoff } from './bot-handoff.js';
import { BotReplyOutbox } from './bot-replies.js';
import { BotReplySender } from './bot-reply-sender.js';
import { BotStepSender } from './bot-step-sender.js';
import { ChatbotClock } from './chatbot-clock.js';
import { ChatbotSettings } from './chatbot-settings.js';
import { ChatbotRepository } from './chatbot.repository.js';
import { ChatbotService } from './chatbot.service.js';
import { CompanyHours } from './company-hours.js';
import { CompletionMessages } from './completion-messages.js';
import { InactivitySweep } from './inactivity-sweep.js';
import { InactivitySweepProcessor } from './inactivity-sweep.processor.js';
import { Ratings } from './ratings.js';

/** The automaton on customers' messages (issue 11) and the ai service's hand-off (`tickets.bot.act`). */
@Module({
  imports: [SharedModule, DirectoryModule, MediaModule, TicketsModule, MessagesModule, NotesModule],
  controllers: [BotActController],
  providers: [
    ChatbotRepository,
    BotHandoff,
    BotReplyOutbox,
    BotReplySender,
    ChatbotSettings,
    ChatbotService,
    BotActService,
    BotActStepsRepository,
    BotStepSender,
    ApplyBotActions,
    BotDriveCheck,
    SendBotText,
    SendBotMedia,
    ShowBotPresence,
    AddBotNote,
    ChangeBotTags,
    HandTicketOver,
    CompanyHours,
    ChatbotClock,
    CompletionMessages,
    Ratings,
    InactivitySweep,
    InactivitySweepProcessor,
  ],
  exports: [ChatbotService, ChatbotClock],
})
export class ChatbotModule {}
