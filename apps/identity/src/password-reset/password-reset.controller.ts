import { Controller, Inject } from '@nestjs/common';
import { ForgotPasswordDto, IdentitySubjects, ResetPasswordDto } from '@atrium/contracts';
import { RpcData, RpcHandler } from '@atrium/messaging';
import { PasswordResetService } from './password-reset.service.js';

@Controller()
export class PasswordResetController {
  constructor(@Inject(PasswordResetService) private readonly resets: PasswordResetService) {}

  @RpcHandler(IdentitySubjects.passwordForgot)
  async forgot(@RpcData({ dto: ForgotPasswordDto }) dto: ForgotPasswordDto): Promise<{ message: string }> {
    await this.resets.requestCode(dto.email);
    return { message: 'Email enviado com sucesso!' };
  }

  @RpcHandler(IdentitySubjects.passwordReset)
  async reset(@RpcData({ dto: ResetPasswordDto }) dto: ResetPasswordDto): Promise<{ message: string }> {
    await this.resets.reset(dto.email, dto.token, dto.newPassword);
    return { message: 'Senha redefinida com sucesso.' };
  }
}
