import { Body, Controller, Delete, Get, HttpCode, Ip, Param, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentSession } from '../common/decorators/current-session.decorator';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { BeforeSecondFactor } from '../common/decorators/before-second-factor.decorator';
import { Roles } from '../common/decorators/roles.decorator';
import { ListAnswer, ListOf } from '../common/list/list-answer';
import { ListParams, ListQuery } from '../common/list/list-query';
import { IdParam } from '../common/pipes/id-param.pipe';
import { UpdateProfileDto } from './dto/update-profile.dto';
import { UpdateUserDto } from './dto/update-user.dto';
import { UserFilterDto } from './dto/user-filter.dto';
import { UserResponseDto } from './dto/user-response.dto';
import { User } from './entities/user.entity';
import { UsersService } from './users.service';

@ApiTags('users')
@ApiBearerAuth()
@Roles('admin')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @ApiOperation({ summary: 'List users (admins only)' })
  @Get()
  @ListOf(UserResponseDto)
  async findAll(@ListQuery(UserFilterDto) list: ListParams<UserFilterDto>): Promise<ListAnswer<UserResponseDto>> {
    return ListAnswer.of('users', list, await this.users.findAll(list), UserResponseDto.from);
  }

  @ApiOperation({ summary: 'Get one user (admins only)' })
  @Get(':id')
  async findOne(@Param('id', IdParam()) id: number): Promise<UserResponseDto> {
    return UserResponseDto.from(await this.users.findById(id));
  }

  @ApiOperation({
    summary: 'Update a user, their role included (admins only)',
    description:
      'A change of role or e-mail address needs a proof of identity from the last five minutes (a sign-in or ' +
      'POST /me/reauthenticate), else 403 with "reauthentication_required": true; other fields do not.',
  })
  @Patch(':id')
  async update(
    @CurrentUser() actor: User,
    @CurrentSession() sessionId: string,
    @Param('id', IdParam()) id: number,
    @Body() dto: UpdateUserDto,
    @Ip() ip: string,
  ): Promise<UserResponseDto> {
    return UserResponseDto.from(await this.users.update(actor, id, dto, { ip, sessionId }));
  }

  @ApiOperation({ summary: 'Delete a user (admins only)' })
  @Delete(':id')
  @HttpCode(204)
  remove(@CurrentUser() actor: User, @Param('id', IdParam()) id: number, @Ip() ip: string): Promise<void> {
    return this.users.remove(actor, id, ip);
  }
}

@ApiTags('account')
@ApiBearerAuth()
@Controller('me')
export class MeController {
  constructor(private readonly users: UsersService) {}

  @BeforeSecondFactor()
  @ApiOperation({ summary: 'Your own account (any signed-in user)' })
  @Get()
  async me(@CurrentUser() user: User): Promise<UserResponseDto> {
    return UserResponseDto.from(await this.users.findById(user.id));
  }

  @ApiOperation({ summary: 'Update your own profile (any signed-in user)' })
  @Patch('profile')
  async updateProfile(@CurrentUser() user: User, @Body() dto: UpdateProfileDto): Promise<UserResponseDto> {
    return UserResponseDto.from(await this.users.updateProfile(user, dto));
  }
}
