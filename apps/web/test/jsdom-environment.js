// jsdom for the web app's component tests, plus Node's fetch family so RTK Query's fetchBaseQuery
// runs as in a browser (jsdom has no fetch; its AbortSignal is not the one Node's Request accepts).
import { TestEnvironment as JSDOMEnvironment } from 'jest-environment-jsdom';

export default class AtriumJsdomEnvironment extends JSDOMEnvironment {
  constructor(config, context) {
    super(config, context);
    const fromNode = {
      fetch: globalThis.fetch,
      Request: globalThis.Request,
      Response: globalThis.Response,
      Headers: globalThis.Headers,
      AbortController: globalThis.AbortController,
      AbortSignal: globalThis.AbortSignal,
      TextEncoder: globalThis.TextEncoder,
      TextDecoder: globalThis.TextDecoder,
      ReadableStream: globalThis.ReadableStream,
      structuredClone: globalThis.structuredClone,
      // multipart bodies: Node's fetch cannot read jsdom's FormData/File streams
      FormData: globalThis.FormData,
      Blob: globalThis.Blob,
      File: globalThis.File,
    };
    Object.assign(this.global, fromNode);
  }
}
