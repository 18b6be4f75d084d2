import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBase64,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { FAULT_OPS, type FaultOp } from './network.js';

const NUMBER = /^\d{8,15}$/;

export class MediaBody {
  @IsString() @Length(3, 100) mimetype!: string;
  @IsString() @Length(1, 255) filename!: string;
  @IsString() @IsBase64() base64!: string;
}

export class LocationBody {
  @IsNumber() @Min(-90) @Max(90) latitude!: number;
  @IsNumber() @Min(-180) @Max(180) longitude!: number;
  @IsOptional() @IsString() @MaxLength(500) description?: string;
}

/** POST /messages: a customer writes to a business number. */
export class CustomerMessageBody {
  @Matches(NUMBER) from!: string;
  @Matches(NUMBER) to!: string;
  @IsOptional() @IsString() @MaxLength(100) pushName?: string;
  @IsOptional() @IsString() @MaxLength(65_536) body?: string;
  @IsOptional() @ValidateNested() @Type(() => MediaBody) media?: MediaBody;
  @IsOptional() @ValidateNested() @Type(() => LocationBody) location?: LocationBody;
  @IsOptional() @IsString() @Length(10, 10_000) vcard?: string;
  @IsOptional() @IsString() @Length(1, 128) quotedId?: string;
  /** `lid`: the network addresses the message by the customer's lid (chat `<lid>@lid`, no number). */
  @IsOptional() @IsIn(['number', 'lid']) addressing?: 'number' | 'lid';
  /** Announce the customer's lid↔number mapping to the business first (as WhatsApp's lid-mapping updates). */
  @IsOptional() @IsBoolean() announceLid?: boolean;
}

/** POST /scan: the phone scans a QR code (or types a pairing code). */
export class ScanBody {
  @IsOptional() @IsString() @Length(1, 200) qr?: string;
  @IsOptional() @IsString() @Length(8, 8) code?: string;
  @IsOptional() @Matches(NUMBER) number?: string;
}

export class EditBody {
  @IsString() @Length(1, 65_536) body!: string;
}

export class AddressBookEntryBody {
  @Matches(NUMBER) number!: string;
  @IsOptional() @IsString() @MaxLength(100) name?: string;
}

/** PUT /sessions/{businessNumber}/contacts: entries of the phone's address book. */
export class AddressBookBody {
  @IsArray() @ArrayMaxSize(5000) @ValidateNested({ each: true }) @Type(() => AddressBookEntryBody) contacts!: AddressBookEntryBody[];
}

export class NumberBody {
  @IsBoolean() onWhatsApp!: boolean;
}

export class CallBody {
  @Matches(NUMBER) from!: string;
  @Matches(NUMBER) to!: string;
  @IsOptional() @IsBoolean() isVideo?: boolean;
}

/** POST /sessions/{businessNumber}/faults: the network refuses that session's next requests of one op (after `after` go through). */
export class FaultBody {
  @IsIn(FAULT_OPS) op!: FaultOp;
  @IsOptional() @IsInt() @Min(1) @Max(1000) times?: number;
  @IsOptional() @IsInt() @Min(0) @Max(1000) after?: number;
}
