import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { INT4_MAX } from '../input-rules.js';
import { PAGE_MAX, PageQueryDto } from '../paging.js';
import { idsOrObjects, trimmed } from '../transforms.js';

const TITLE_MAX = 255;
const CHAT_MESSAGE_MAX = 5000;
const MEMBERS_MAX = 500;

/** `GET /chats` (searchParam on the title, pageNumber). */
export class ChatsQueryDto extends PageQueryDto {}

/** `POST /chats`: a title and the members besides the owner (ids, or user objects as the picker sends them). */
export class ChatDto {
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty({ message: 'Por favor, preencha o título da conversa.' })
  @MaxLength(TITLE_MAX)
  title!: string;
  @Transform(idsOrObjects)
  @IsArray()
  @ArrayMinSize(1, { message: 'Por favor, selecione pelo menos um usuário.' })
  @ArrayMaxSize(MEMBERS_MAX)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(INT4_MAX, { each: true })
  users!: number[];
}

/** `PUT /chats/{id}`: a new title and/or the new member list (the owner always stays). */
export class UpdateChatDto {
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty({ message: 'Por favor, preencha o título da conversa.' })
  @MaxLength(TITLE_MAX)
  title?: string;
  @IsOptional()
  @Transform(idsOrObjects)
  @IsArray()
  @ArrayMinSize(1, { message: 'Por favor, selecione pelo menos um usuário.' })
  @ArrayMaxSize(MEMBERS_MAX)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(INT4_MAX, { each: true })
  users?: number[];
}

/** `POST /chats/{id}/messages`. */
export class ChatMessageDto {
  @IsString() @Matches(/\S/, { message: 'message must not be blank' }) @MaxLength(CHAT_MESSAGE_MAX) message!: string;
}

/** `GET /chats/{id}/messages` (pageNumber; page 1 holds the newest messages). */
export class ChatMessagesQueryDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(PAGE_MAX) pageNumber?: number;
}

/** `POST /chats/{id}/read`: clients send `userId`; only the caller's own unread count is reset, so it must be theirs when given. */
export class ChatReadDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(INT4_MAX) userId?: number;
}
