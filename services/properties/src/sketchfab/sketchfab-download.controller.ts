import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Caller, ProviderId, Responds, Roles } from '@tourly/platform';
import { AssetResponse } from '../staging/staging-assets.dto';
import { SketchfabImportService } from './sketchfab-import.service';
import { SketchfabModelRef } from './sketchfab.dto';

/**
 * 002 §7: `POST /provider/vt_staging/sketchfab/download.json (uid)` imports a Sketchfab model into the provider's
 * asset library and answers the asset; the same model again answers the asset it made (200 both ways: the answer is
 * the model's asset, whether made now or before).
 */
@Controller('provider/vt_staging/sketchfab')
@Roles('admin', 'scan_technician')
export class SketchfabDownloadController {
  constructor(private readonly imports: SketchfabImportService) {}

  @Post('download.json')
  @HttpCode(200)
  @Responds(AssetResponse)
  download(
    @Caller() caller: Caller,
    @ProviderId() providerId: string,
    @Body() body: SketchfabModelRef,
  ): Promise<AssetResponse> {
    return this.imports.import(caller, providerId, body.uid);
  }
}
