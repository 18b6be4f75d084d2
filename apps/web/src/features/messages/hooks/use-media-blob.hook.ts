import { useEffect, useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { selectToken } from '../../auth/auth.slice';
import { fetchMediaBlob } from '../media';

export interface MediaBlob {
  src: string | null;
  failed: boolean;
}

/** An object URL of a message's media, fetched with the user's token and released when unmounted. */
export function useMediaBlob(url: string | null): MediaBlob {
  const token = useAppSelector(selectToken);
  const [state, setState] = useState<MediaBlob>({ src: null, failed: false });
  useEffect(() => {
    if (!url) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    setState({ src: null, failed: false });
    fetchMediaBlob(url, token)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ src: objectUrl, failed: false });
      })
      .catch(() => {
        if (!cancelled) setState({ src: null, failed: true });
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
    // the token is read once per file: a refreshed token must not fetch the file again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);
  return state;
}
