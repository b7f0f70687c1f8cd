// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title Smart Autotrade margin vault
/// @notice Members deposit margin (BCNT or USDT: an allow-list kept by the admin) for a Smart
/// Autotrade strategy. The operator (the platform's back end) later either `release`s margin back
/// to the member, or `settle`s it: the performance fee goes to the treasury and the rest to the
/// member. Both act on the member's deposited balance per token, never beyond it.
/// @dev Roles: DEFAULT_ADMIN_ROLE manages the allow-list, the treasury and the roles; OPERATOR_ROLE
/// releases and settles. Tokens move with SafeERC20 (mainnet USDT returns no value) and every
/// token-moving function is nonReentrant. Deposits credit the amount actually received, so a
/// fee-on-transfer token cannot make the vault insolvent.
contract MarginVault is AccessControl, ReentrancyGuard {
    using SafeERC20 for IERC20;

    /// @notice Role allowed to call `release` and `settle`.
    bytes32 public constant OPERATOR_ROLE = keccak256("OPERATOR_ROLE");

    /// @notice Receives performance fees.
    address public treasury;
    /// @notice Tokens accepted by `deposit`.
    mapping(address token => bool) public allowedToken;
    /// @notice Deposited, not yet released or settled, per member and token.
    mapping(address member => mapping(address token => uint256)) public balanceOf;
    /// @notice Sum of all members' balances per token.
    mapping(address token => uint256) public totalDeposits;

    /// @notice `member` deposited `amount` of `token` as margin for `strategyId`.
    event Deposited(address indexed member, address indexed token, uint256 indexed strategyId, uint256 amount);
    /// @notice The operator returned `amount` of `token` to `member`.
    event Released(address indexed member, address indexed token, uint256 amount, address operator);
    /// @notice The operator settled `amount` of `member`'s `token`: `performanceFee` went to the
    /// treasury and `amount - performanceFee` to the member.
    event Settled(
        address indexed member,
        address indexed token,
        uint256 amount,
        uint256 performanceFee,
        address treasury,
        address operator
    );
    /// @notice `token` was added to (`allowed`) or removed from the deposit allow-list.
    event TokenAllowed(address indexed token, bool allowed);
    /// @notice The fee treasury changed.
    event TreasuryUpdated(address indexed previousTreasury, address indexed newTreasury);

    /// @notice `deposit` with a token that is not on the allow-list.
    error VaultTokenNotAllowed(address token);
    /// @notice A zero amount.
    error VaultZeroAmount();
    /// @notice A zero address where one is required (admin, treasury, token).
    error VaultZeroAddress();
    /// @notice The member's balance of `token` is below the amount.
    error VaultInsufficientBalance(address member, address token, uint256 balance, uint256 needed);
    /// @notice The performance fee is larger than the settled amount.
    error VaultFeeExceedsAmount(uint256 performanceFee, uint256 amount);

    constructor(address admin, address operator, address treasury_) {
        if (admin == address(0) || treasury_ == address(0)) revert VaultZeroAddress();
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        if (operator != address(0)) _grantRole(OPERATOR_ROLE, operator);
        treasury = treasury_;
        emit TreasuryUpdated(address(0), treasury_);
    }

    // ------------------------------------------------------------------ member

    /// @notice Deposits `amount` of an allowed `token` (needs an allowance) as margin for
    /// `strategyId`. The amount actually received is credited.
    function deposit(address token, uint256 amount, uint256 strategyId) external nonReentrant {
        if (!allowedToken[token]) revert VaultTokenNotAllowed(token);
        if (amount == 0) revert VaultZeroAmount();
        uint256 before = IERC20(token).balanceOf(address(this));
        IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
        uint256 received = IERC20(token).balanceOf(address(this)) - before;
        if (received == 0) revert VaultZeroAmount();
        balanceOf[msg.sender][token] += received;
        totalDeposits[token] += received;
        emit Deposited(msg.sender, token, strategyId, received);
    }

    // ------------------------------------------------------------------ operator

    /// @notice Returns `amount` of `member`'s `token` margin to the member.
    function release(address member, address token, uint256 amount) external onlyRole(OPERATOR_ROLE) nonReentrant {
        _debit(member, token, amount);
        emit Released(member, token, amount, msg.sender);
        IERC20(token).safeTransfer(member, amount);
    }

    /// @notice Settles `amount` of `member`'s `token` margin: `performanceFee` (part of `amount`)
    /// to the treasury, the rest to the member.
    function settle(address member, address token, uint256 amount, uint256 performanceFee)
        external
        onlyRole(OPERATOR_ROLE)
        nonReentrant
    {
        if (performanceFee > amount) revert VaultFeeExceedsAmount(performanceFee, amount);
        _debit(member, token, amount);
        address treasury_ = treasury;
        emit Settled(member, token, amount, performanceFee, treasury_, msg.sender);
        if (performanceFee > 0) IERC20(token).safeTransfer(treasury_, performanceFee);
        if (amount > performanceFee) IERC20(token).safeTransfer(member, amount - performanceFee);
    }

    // ------------------------------------------------------------------ admin

    /// @notice Adds `token` to or removes it from the deposit allow-list. Removing a token only
    /// stops new deposits; existing balances can still be released or settled.
    function setTokenAllowed(address token, bool allowed) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (token == address(0)) revert VaultZeroAddress();
        allowedToken[token] = allowed;
        emit TokenAllowed(token, allowed);
    }

    /// @notice Sets the treasury that receives performance fees.
    function setTreasury(address newTreasury) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (newTreasury == address(0)) revert VaultZeroAddress();
        emit TreasuryUpdated(treasury, newTreasury);
        treasury = newTreasury;
    }

    // ------------------------------------------------------------------ internal

    function _debit(address member, address token, uint256 amount) private {
        if (amount == 0) revert VaultZeroAmount();
        uint256 balance = balanceOf[member][token];
        if (balance < amount) revert VaultInsufficientBalance(member, token, balance, amount);
        unchecked {
            balanceOf[member][token] = balance - amount;
            totalDeposits[token] -= amount;
        }
    }
}
