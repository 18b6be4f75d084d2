import { Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ForgotPasswordDto, IdentitySubjects, ResetPasswordDto } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { Public } from '../auth/decorators.js';

/**
 * Password reset (spec 001 section 7). The values travel in the path, as existing clients send
 * them; the access log redacts these paths (core/http-setup.ts).
 */
@Controller()
export class PasswordResetController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Public()
  @Post('forgetpassword/:email')
  @HttpCode(200)
  forgot(@Param() params: ForgotPasswordDto): Promise<{ message: string }> {
    return this.rpc.request(IdentitySubjects.passwordForgot, { email: params.email });
  }

  @Public()
  @Post('resetpasswords/:email/:token/:newPassword')
  @HttpCode(200)
  reset(@Param() params: ResetPasswordDto): Promise<{ message: string }> {
    return this.rpc.request(IdentitySubjects.passwordReset, params);
  }
}
