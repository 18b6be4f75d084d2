import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { PageQueryDto } from '../paging.js';
import { trimmed } from '../transforms.js';
import { FLOW_LIMITS } from './flow-types.js';

export * from './flow-types.js';

// ---- the flows API's request DTOs (issue 27); the graph's types and views in flow-types.ts ----

/** `POST /flows`. */
export class FlowCreateDto {
  @Transform(trimmed) @IsString() @Length(1, FLOW_LIMITS.name) name!: string;
}

/**
 * `PUT /flows/{id}`: the draft. Nodes and edges are checked for their shape (known types, data of
 * the right types, unique ids, edges between existing nodes on existing handles); a draft may be
 * incomplete. Publishing checks it is complete (flowProblems in flow-graph.ts).
 */
export class FlowUpdateDto {
  @Transform(trimmed) @IsString() @Length(1, FLOW_LIMITS.name) name!: string;
  @IsArray() @ArrayMaxSize(FLOW_LIMITS.nodes) nodes!: unknown[];
  @IsArray() @ArrayMaxSize(FLOW_LIMITS.edges) edges!: unknown[];
}

/** `GET /flows`: searchParam (in the name) and pageNumber. */
export class FlowsQueryDto extends PageQueryDto {}

/** `POST /flows/from-queue-menu`: a new flow that reproduces a connection's greeting and queue option trees. */
export class FlowFromQueueMenuDto {
  @Type(() => Number) @IsInt() @Min(1) @Max(2_147_483_647) whatsappId!: number;
  @IsOptional() @Transform(trimmed) @IsString() @Length(1, FLOW_LIMITS.name) name?: string;
}
