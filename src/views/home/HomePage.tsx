import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { providePublish } from '../../machines/publish/publish.provide';
import { provideStudioReport } from '../../machines/studio-report/studio-report.provide';
import { createPaperworkService } from '../../services/paperwork.service';
import { createPublishService } from '../../services/publish.service';
import { createStudioReportService } from '../../services/studio-report.service';
import { useApp } from '../app-context';
import { PublishPanel } from '../publish/PublishPanel';
import { StudioReportPanel } from '../studio-report/StudioReport';
import { WelcomeArt } from './WelcomeArt';

/** Home: the welcome image and text, the Publish button, and the report of the studio. */
export default function HomePage() {
  const { http } = useApp();
  const publishLogic = useMemo(() => providePublish({ publisher: createPublishService(http), log: (line) => console.info(line) }), [http]);
  const reportLogic = useMemo(() => provideStudioReport({ reports: createStudioReportService(http) }), [http]);
  const paperwork = useMemo(() => createPaperworkService(http), [http]);
  return (
    <section className={css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '3xl' })} aria-labelledby="home-title">
      <WelcomeArt />
      <h1 id="home-title" className={css({ fontSize: '3xl', fontWeight: 'bold' })}>
        Welcome to your studio
      </h1>
      <p className={css({ color: 'fg.muted', fontSize: 'lg' })}>
        Keep your artworks and their media in one portfolio, follow what changed in the activity journal, publish your public portfolio, and
        plan your posts for social media.
      </p>
      <PublishPanel logic={publishLogic} />
      <StudioReportPanel logic={reportLogic} paperwork={paperwork} />
    </section>
  );
}
