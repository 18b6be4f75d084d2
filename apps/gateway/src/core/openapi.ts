import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';

/**
 * The OpenAPI document at /docs. Nest finds the routes and the DTO each one takes; the DTOs'
 * schemas come from their class-validator rules (the same rules the API enforces), so the
 * documentation cannot drift from the validation.
 */
export function buildOpenApiDocument(app: INestApplication, version: string): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Atrium API')
      .setDescription('Multi-tenant customer service over WhatsApp. Errors answer `{ "error": "ERR_..." }` with the HTTP status.')
      .setVersion(version)
      .addBearerAuth()
      .addCookieAuth('jrt')
      .build(),
  );
  const schemas = validationMetadatasToSchemas({ refPointerPrefix: '#/components/schemas/' });
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...(schemas as OpenAPIObject['components'] & object) },
  };
  return document;
}

export function serveOpenApi(app: INestApplication, version: string): void {
  SwaggerModule.setup('docs', app, buildOpenApiDocument(app, version), { jsonDocumentUrl: 'docs/openapi.json' });
}
