'use client';

import { followSessionEnd, type ApiResult } from './api';
import { announceUpdate } from './update-signal';

/**
 * POSTs a multipart form to a portal route handler with upload progress (fetch reports none, so
 * this is XMLHttpRequest), answering as postJson does. `onProgress` gets the fraction sent. Never
 * throws: a broken connection is NO_RESPONSE, so the caller can say so and offer a retry.
 */
export function uploadForm<T>(url: string, form: FormData, onProgress: (fraction: number) => void): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () => resolve({ ok: false, error: { code: 'NO_RESPONSE' } });
    request.onabort = request.onerror;
    request.onload = () => {
      if (request.getResponseHeader('x-portal-update')) announceUpdate();
      let result: ApiResult<T>;
      try {
        result = JSON.parse(request.responseText) as ApiResult<T>;
      } catch {
        result = { ok: false, error: { code: 'INVALID_ANSWER' } };
      }
      resolve(followSessionEnd(result));
    };
    request.send(form);
  });
}
